import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPolygon, editPolygon } from '@chat/api-client';
import { ERROR_TEXTS, polygonFormSchema, SUCCESS_TEXTS, type Polygon, type PolygonFormInput } from '@chat/contracts';
import { Button, FormField, Input, Modal } from '@chat/ui';
import { notifyError, notifySuccess } from '../../../shared/notify';
import styles from './polygons.module.css';

interface Props {
  /** The polygon to rename; none to create one. */
  polygon: Polygon | null;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/** Create or rename a polygon: name 3–20 characters, unique in the workspace. */
export function PolygonFormModal({ polygon, onOpenChange, onDone }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PolygonFormInput>({ resolver: zodResolver(polygonFormSchema), defaultValues: { name: polygon?.name ?? '' } });

  const save = async (values: PolygonFormInput) => {
    try {
      if (polygon) await editPolygon(polygon.id, values);
      else await createPolygon(values);
      notifySuccess(polygon ? SUCCESS_TEXTS.polygon.edited : SUCCESS_TEXTS.polygon.created);
      onDone();
      onOpenChange(false);
    } catch (error) {
      notifyError(error, polygon ? ERROR_TEXTS.polygon.edit : ERROR_TEXTS.polygon.create);
    }
  };

  return (
    <Modal title={polygon ? 'Editar poligonal' : 'Nova poligonal'} open onOpenChange={onOpenChange} maxWidth="sm">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(save)(event)} noValidate>
        <FormField label="Nome" htmlFor="polygon-name" error={errors.name?.message}>
          <Input id="polygon-name" autoComplete="off" placeholder="Ex.: Zona Norte" {...register('name')} />
        </FormField>
        <Button type="submit" loading={isSubmitting}>
          Salvar
        </Button>
      </form>
    </Modal>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPolygon, editPolygon } from '@chat/api-client';
import { ERROR_TEXTS, polygonFormSchema, SUCCESS_TEXTS, type Polygon, type PolygonFormInput } from '@chat/contracts';
import { Button, FormField, Input, Modal, notify } from '@chat/ui';
import { useTeamChange } from '../../../shared/use-team-change';
import styles from './polygons.module.css';

interface Props {
  /** The polygon to rename; none to create one. */
  polygon: Polygon | null;
  onOpenChange: (open: boolean) => void;
}

/** Create or rename a polygon: name 3–20 characters, unique in the workspace. */
export function PolygonFormModal({ polygon, onOpenChange }: Props) {
  const { mutateAsync: save } = useTeamChange('all', (values: PolygonFormInput) =>
    polygon ? editPolygon(polygon.id, values) : createPolygon(values),
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PolygonFormInput>({ resolver: zodResolver(polygonFormSchema), defaultValues: { name: polygon?.name ?? '' } });

  const submit = async (values: PolygonFormInput) => {
    try {
      await save(values);
      notify.success(polygon ? SUCCESS_TEXTS.polygon.edited : SUCCESS_TEXTS.polygon.created);
      onOpenChange(false);
    } catch (error) {
      notify.error(error, polygon ? ERROR_TEXTS.polygon.edit : ERROR_TEXTS.polygon.create);
    }
  };

  return (
    <Modal title={polygon ? 'Editar poligonal' : 'Nova poligonal'} open onOpenChange={onOpenChange} maxWidth="sm">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
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

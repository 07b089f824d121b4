import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateMember } from '@chat/api-client';
import {
  ALERT_TEXTS,
  editMemberSchema,
  ERROR_TEXTS,
  onlyFilled,
  SUCCESS_TEXTS,
  type EditMemberBody,
  type EditMemberInput,
  type User,
} from '@chat/contracts';
import { Button, FormField, Input, Modal, notify, PasswordInput } from '@chat/ui';
import { useTeamChange } from '../../../shared/use-team-change';
import { usePolygonList } from '../../../shared/use-polygon-list';
import styles from './members.module.css';

interface Props {
  member: User;
  /** Flag polygonal: the polygon select is shown. */
  polygonal: boolean;
  onOpenChange: (open: boolean) => void;
}

// The polygon select: keep, clear, or a polygon id.
const NO_POLYGON = '__none__';
const EMPTY: EditMemberInput = { name: '', email: '', nickName: '', password: '', neoCustomDataId: '' };

/** The polygon part of the body: only when the select differs from the member's current label. */
function polygonChange(member: User, selected: string | null | undefined): Pick<EditMemberBody, 'neoCustomDataId'> {
  const next = !selected ? undefined : selected === NO_POLYGON ? null : selected;
  if (next === undefined || next === (member.neoCustomData?.id ?? null)) return {};
  return { neoCustomDataId: next };
}

/** Edit member (flag edit_members): every field optional; only what is filled is sent. */
export function EditMemberModal({ member, polygonal, onOpenChange }: Props) {
  const { polygons } = usePolygonList('', polygonal);
  const { mutateAsync: update } = useTeamChange('all', (body: EditMemberBody) => updateMember(member.id, body));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditMemberInput>({
    resolver: zodResolver(editMemberSchema),
    defaultValues: { ...EMPTY, neoCustomDataId: member.neoCustomData?.id ?? '' },
  });

  const save = async ({ neoCustomDataId, ...fields }: EditMemberInput) => {
    const body: EditMemberBody = { ...onlyFilled(fields), ...polygonChange(member, neoCustomDataId) };
    if (Object.keys(body).length === 0) {
      notify.alert(ALERT_TEXTS.noChanges);
      return;
    }
    try {
      await update(body);
      notify.success(SUCCESS_TEXTS.user.memberUpdated);
      onOpenChange(false);
    } catch (error) {
      notify.error(error, ERROR_TEXTS.user.updateMember);
    }
  };

  return (
    <Modal title="Editar membro" description="Preencha apenas o que deseja alterar." open onOpenChange={onOpenChange} maxWidth="sm">
      <form className={styles.form} onSubmit={(event) => void handleSubmit(save)(event)} noValidate>
        <FormField label="Nome" htmlFor="edit-name" error={errors.name?.message}>
          <Input id="edit-name" autoComplete="off" placeholder={member.name} {...register('name')} />
        </FormField>
        <FormField label="E-mail" htmlFor="edit-email" error={errors.email?.message}>
          <Input id="edit-email" type="email" autoComplete="off" placeholder={member.email} {...register('email')} />
        </FormField>
        <FormField label="Apelido" htmlFor="edit-nickname" error={errors.nickName?.message}>
          <Input id="edit-nickname" autoComplete="off" placeholder={member.nickName} {...register('nickName')} />
        </FormField>
        <FormField label="Nova senha" htmlFor="edit-password" error={errors.password?.message}>
          <PasswordInput
            id="edit-password"
            autoComplete="new-password"
            placeholder="Deixe em branco para manter"
            {...register('password')}
          />
        </FormField>
        {polygonal && (
          <FormField label="Poligonal" htmlFor="edit-polygon">
            <select id="edit-polygon" className={styles.select} {...register('neoCustomDataId')}>
              <option value={NO_POLYGON}>Sem poligonal</option>
              {member.neoCustomData && !polygons.some((p) => p.id === member.neoCustomData!.id) && (
                <option value={member.neoCustomData.id}>{member.neoCustomData.name}</option>
              )}
              {polygons.map((polygon) => (
                <option key={polygon.id} value={polygon.id}>
                  {polygon.name}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <Button type="submit" loading={isSubmitting}>
          Salvar
        </Button>
      </form>
    </Modal>
  );
}

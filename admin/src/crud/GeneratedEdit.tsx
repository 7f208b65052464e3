import { Edit } from 'react-admin';
import { PageHeader } from '../common/PageHeader';
import { GeneratedForm } from './GeneratedForm';
import { textsOf } from './declarationText';
import { useDeclaration } from './useDeclaration';

/**
 * The edit page. Pessimistic on purpose: react-admin's default (undoable) only queues the call
 * for a few seconds, so a reload or a closed tab right after 'Save' would lose the edit; here the
 * page waits for the server and shows its refusal in place.
 */
export function GeneratedEdit() {
  const declaration = useDeclaration();
  return (
    <>
      <PageHeader title={`Edit ${textsOf(declaration).one}`} />
      <Edit title={false} mutationMode="pessimistic" redirect="show" actions={false}>
        <GeneratedForm declaration={declaration} mode="edit" />
      </Edit>
    </>
  );
}

export default GeneratedEdit;

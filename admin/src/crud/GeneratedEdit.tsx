import { Edit, useResourceContext } from 'react-admin';
import { PageHeader } from '../common/PageHeader';
import { declarationOf } from '../resources';
import { GeneratedForm } from './GeneratedForm';
import { textsOf } from './declarationText';

/**
 * The edit page. Pessimistic on purpose: react-admin's default (undoable) only queues the call
 * for a few seconds, so a reload or a closed tab right after 'Save' would lose the edit; here the
 * page waits for the server and shows its refusal in place.
 */
export function GeneratedEdit() {
  const declaration = declarationOf(useResourceContext()!);
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

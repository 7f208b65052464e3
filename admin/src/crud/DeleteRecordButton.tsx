import { DeleteWithConfirmButton, useResourceContext } from 'react-admin';
import { declarationOf } from '../resources';
import { textsOf } from './declarationText';

/**
 * Delete after a confirmation, waiting for the server (pessimistic): the success toast
 * (`resources.<name>.notifications.deleted`), then the list; a refusal (e.g. staff may not
 * delete) shows the database's message and stays.
 */
export function DeleteRecordButton() {
  const resource = useResourceContext()!;
  const declaration = declarationOf(resource);
  const texts = textsOf(declaration);
  if (!declaration.rpc.delete) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle={`Delete ${texts.one}`}
      confirmContent={texts.confirmDelete}
      confirmColor="warning"
    />
  );
}

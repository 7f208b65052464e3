import { DeleteWithConfirmButton } from 'react-admin';
import { textsOf } from './declarationText';
import { useDeclaration } from './useDeclaration';

/**
 * Delete after a confirmation, waiting for the server (pessimistic): the success toast
 * (`resources.<name>.notifications.deleted`), then the list; a refusal (e.g. staff may not
 * delete) shows the database's message and stays.
 */
export function DeleteRecordButton() {
  const declaration = useDeclaration();
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

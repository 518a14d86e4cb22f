import { IconButton } from "./IconButton.tsx";

interface Props {
  /** Accessible names naming the row, e.g. "Edit tag Sales". */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  editDisabled?: boolean;
  deleteDisabled?: boolean;
}

/** A table row's edit and delete buttons. */
export function EditDeleteButtons(props: Props) {
  return (
    <>
      <IconButton
        icon="edit"
        label={props.editLabel}
        onPress={props.onEdit}
        isDisabled={props.editDisabled}
      />
      <IconButton
        icon="delete"
        label={props.deleteLabel}
        onPress={props.onDelete}
        isDisabled={props.deleteDisabled}
      />
    </>
  );
}

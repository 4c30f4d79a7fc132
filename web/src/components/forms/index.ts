// The form kit every form uses: state and contract parsing, bound text fields, a form dialog.
export { useFormFields, type FormFields, type FormValues } from "./use-form-fields";
export { FormTextField } from "./form-text-field";
export { DialogForm, FormDialog, type DialogFormProps } from "./form-dialog";
export { ConfirmDialog } from "./confirm-dialog";
export { SelectField } from "./select-field";

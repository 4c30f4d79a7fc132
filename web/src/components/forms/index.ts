// The form kit: state and contract parsing, bound text fields, a form dialog. Every form uses it but
// the landing page's e-mail box, a plain input kept light for the first page.
export { useFormFields, type FormFields, type FormValues } from "./use-form-fields";
export { FormTextField } from "./form-text-field";
export { DialogForm, FormDialog, type DialogFormProps } from "./form-dialog";
export { ConfirmDialog } from "./confirm-dialog";
export { SelectField } from "./select-field";

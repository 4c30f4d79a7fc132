// Every link as a CSV attachment (admin), saved under the name the server gives it.
import { downloadApiFile } from "@/lib/api-client";
import { linksExportFileName } from "@hub/contract/links";
import { fileNameFromContentDisposition } from "../utils/export-file";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";
import { saveFile } from "./save-file";

export async function downloadExport(): Promise<void> {
  const { blob, contentDisposition } = await downloadApiFile("exportCsv");
  saveFile(blob, fileNameFromContentDisposition(contentDisposition) ?? linksExportFileName(new Date()));
}

export function useExportCsv(toasts: ToastsFor<typeof downloadExport>) {
  return useToastMutation({ mutationKey: ["admin", "export-csv"], mutationFn: downloadExport, ...toasts });
}

// Every link as a CSV attachment (admin), saved under the name the server gives it.
import { downloadApiFile } from "@/lib/api-client";
import { defaultExportFileName, fileNameFromContentDisposition } from "../utils/export-file";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export async function downloadExport(): Promise<void> {
  const { blob, contentDisposition } = await downloadApiFile("exportCsv");
  const fileName = fileNameFromContentDisposition(contentDisposition) ?? defaultExportFileName(new Date());
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = "none";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Let the browser start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportCsv(toasts: ToastsFor<typeof downloadExport>) {
  return useToastMutation({ mutationKey: ["admin", "export-csv"], mutationFn: downloadExport, ...toasts });
}

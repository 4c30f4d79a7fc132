// GET /api/admin/export-csv – every link as a CSV attachment (admin). Read as a file, not JSON.
import { useMutation } from "@tanstack/react-query";
import { toApiRequestError } from "@/lib/api-client";
import { auth } from "@/lib/firebase";
import { defaultExportFileName, fileNameFromContentDisposition } from "../utils/export-file";

export async function downloadExport(): Promise<void> {
  const token = auth.currentUser ? await auth.currentUser.getIdToken() : null;
  const headers = new Headers({ Accept: "text/csv" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const response = await fetch("/api/admin/export-csv", { headers, credentials: "include" });
  if (!response.ok) throw await toApiRequestError(response);

  const blob = await response.blob();
  const fileName = fileNameFromContentDisposition(response.headers.get("content-disposition")) ?? defaultExportFileName(new Date());
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

export function useExportCsv() {
  return useMutation({ mutationKey: ["admin", "export-csv"], mutationFn: downloadExport });
}

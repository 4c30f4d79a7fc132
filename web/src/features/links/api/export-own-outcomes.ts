// The member's outcomes of a year as 'referral-earnings-YYYY.csv', for their tax records.
import { earningsFileName } from "@hub/contract/outcomes";
import { downloadApiFile } from "@/lib/api-client";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";
import { fileNameFromContentDisposition } from "../utils/export-file";
import { saveFile } from "./save-file";

export async function downloadOwnOutcomes({ year }: { year: number }): Promise<void> {
  const { blob, contentDisposition } = await downloadApiFile("exportOwnOutcomes", { query: { year: String(year) } });
  saveFile(blob, fileNameFromContentDisposition(contentDisposition) ?? earningsFileName(year));
}

export function useExportOwnOutcomes(toasts: ToastsFor<typeof downloadOwnOutcomes>) {
  return useToastMutation({ mutationFn: downloadOwnOutcomes, ...toasts });
}

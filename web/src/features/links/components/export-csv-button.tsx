import Button from "@mui/material/Button";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import { useToast } from "@/components/toasts/index";
import { useExportCsv } from "../api/export-csv";

/** Downloads every link as 'referral-links-export-YYYY-MM-DD.csv'. */
export function ExportCsvButton() {
  const { toast } = useToast();
  const exportCsv = useExportCsv();
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      loadingPosition="start"
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(undefined, {
          onError: () => toast({ title: "Export failed", description: "Unable to export CSV file", variant: "destructive" }),
        })
      }
    >
      Export CSV
    </Button>
  );
}

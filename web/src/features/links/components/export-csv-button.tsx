import Button from "@mui/material/Button";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import { useExportCsv } from "../api/export-csv";

/** Downloads every link as 'referral-links-export-YYYY-MM-DD.csv'. */
export function ExportCsvButton() {
  const exportCsv = useExportCsv({ error: { title: "Export failed", description: "Unable to export CSV file" } });
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      loadingPosition="start"
      loading={exportCsv.isPending}
      onClick={() => exportCsv.mutate(undefined)}
    >
      Export CSV
    </Button>
  );
}

import Alert from "@mui/material/Alert";
import { useActiveAnnouncement } from "../api/get-active-announcement";

/** The community-wide announcement; nothing while it loads, when there is none, or when it cannot be read. */
export function ActiveAnnouncement() {
  const { data: announcement } = useActiveAnnouncement();
  if (!announcement?.isActive) return null;
  return (
    <Alert severity="info" role="status" sx={{ whiteSpace: "pre-line" }}>
      {announcement.message}
    </Alert>
  );
}

import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { saveAnnouncementRequestSchema, type Announcement } from "@hub/contract/announcements";
import { FormTextField, useFormFields } from "@/components/forms/index";
import { PageSpinner } from "@/components/spinners/index";
import { useAnnouncement } from "../api/get-announcement";
import { useSaveAnnouncement } from "../api/save-announcement";
import { QueryErrorAlert } from "@/components/errors/index";

/**
 * Announcements tab: the single announcement's message and active flag. It edits the announcement
 * whether members see it or not: saved inactive, its text stays here to edit and show again.
 */
export function AnnouncementsTab() {
  const announcementQuery = useAnnouncement();

  if (announcementQuery.isPending) return <PageSpinner label="Loading announcement" />;
  if (announcementQuery.isError) return <QueryErrorAlert what="the announcement" queries={[announcementQuery]} />;
  const announcement = announcementQuery.data;
  // Keyed so the form starts again from the saved announcement whenever it changes.
  return <AnnouncementForm key={announcement ? `${announcement.id}:${announcement.updatedAt}` : "new"} announcement={announcement} />;
}

function AnnouncementForm({ announcement }: { announcement: Announcement | null }) {
  const save = useSaveAnnouncement({
    success: (saved) => ({
      title: "Announcement saved",
      description: saved.isActive ? "Members see the announcement on their dashboard" : "The announcement is saved but not shown",
    }),
    error: "Failed to save announcement",
  });
  const form = useFormFields({ message: announcement?.message ?? "" });
  const [isActive, setIsActive] = useState(announcement?.isActive ?? true);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(saveAnnouncementRequestSchema, { message: form.values.message, isActive });
    if (!parsed) return;
    save.mutate(parsed);
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="announcement-heading">
        <Stack spacing={2}>
          <Typography id="announcement-heading" variant="h6" component="h2">
            Announcement
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {!announcement
              ? "There is no announcement yet; saving creates one."
              : announcement.isActive
                ? "Edit the announcement members see on their dashboard."
                : "This announcement is not shown to members. Switch it to active and save to show it again."}
          </Typography>
          <FormTextField form={form} field="message" label="Message" multiline minRows={4} required />
          <FormControlLabel control={<Switch checked={isActive} onChange={(_, checked) => setIsActive(checked)} />} label="Active" />
          <Stack direction="row">
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}

import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useProfile, useSetWeeklyDigest } from "../api/profile";

/** The member's e-mail setting on the dashboard: the Monday digest of last week, on or off. */
export function DigestSetting() {
  const profile = useProfile();
  const { mutate, isPending, variables } = useSetWeeklyDigest();
  // while a change is on its way, the switch shows what was asked for
  const checked = isPending && variables !== undefined ? variables : (profile.data?.weeklyDigest ?? true);
  return (
    <section aria-labelledby="email-settings-heading">
      <Typography id="email-settings-heading" variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        E-mail
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={checked}
              disabled={!profile.data || isPending}
              onChange={(_, on) => {
                mutate(on);
              }}
            />
          }
          label="Weekly digest e-mail"
        />
        <Typography variant="body2" color="text.secondary">
          Every Monday: last week&apos;s visits and fair share per link, the outcomes you recorded, and what needs your attention.
        </Typography>
      </Paper>
    </section>
  );
}

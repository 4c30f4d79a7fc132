import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ConstructionOutlinedIcon from "@mui/icons-material/ConstructionOutlined";

/** Users and Duplicates arrive in a later issue; until then the tab says so rather than showing made-up data. */
export function ComingSoonPanel({ title, description }: { title: string; description: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
      <ConstructionOutlinedIcon color="disabled" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary">{description}</Typography>
    </Paper>
  );
}

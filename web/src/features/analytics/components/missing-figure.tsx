import Typography from "@mui/material/Typography";

/** "—" for a figure the report does not have, with the reason beside it for every reader. */
export function MissingFigure({ reason }: { reason: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: "block", whiteSpace: "normal", lineHeight: 1.3 }}
      >
        {reason}
      </Typography>
    </>
  );
}

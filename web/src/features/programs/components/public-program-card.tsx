import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { memo, Suspense, useId, useState, type ReactNode } from "react";
import type { PublicProgram } from "@hub/contract/programs";
import { CopyRotationAddress } from "@/components/rotation-address/index";
import { lazyWithPreload } from "@/lib/lazy-with-preload";
import { useNearViewport } from "@/lib/use-near-viewport";
import { absoluteOnThisSite } from "@/lib/urls";
import { activeLinksLabel } from "../utils/public-program-list";
import { PublicProgramRules } from "./public-program-rules";
import { paidReferralsLabel } from "../utils/paid-referrals";

// The QR code's drawing code loads after the cards are on screen, and each card draws its code when
// it comes near the screen (a few milliseconds each on a phone); its place is kept meanwhile. The
// server's render draws them all, and the browser loads the code before hydrating that render.
const RotationQrCode = lazyWithPreload(() => import("./rotation-qr-code"));
export const preloadRotationQrCode = RotationQrCode.preload;
/** The small code's place on the card: 88 px, 4 px padding, 1 px border. */
const QR_PLACE_SX = { width: 98, height: 98, flexShrink: 0, borderRadius: 1, border: 1, borderColor: "divider", bgcolor: "#fff" } as const;
/** The active links' count, drawn as MUI's small outlined Chip is, without its code (about 3 KB of gzip). */
const COUNT_SX = {
  display: "inline-flex",
  alignItems: "center",
  height: 24,
  px: "7px",
  borderRadius: "12px",
  border: 1,
  borderColor: "grey.400",
  color: "text.primary",
  fontSize: "0.8125rem",
  lineHeight: 1,
  whiteSpace: "nowrap",
} as const;

/**
 * A card off screen is neither laid out nor painted until it comes near (a real community shares 200
 * programs, and a search hides and shows them: issue 32); its place is kept at about a card's height
 * meanwhile, then at the height it had when last drawn.
 */
const CARD_SX = { display: "flex", flexDirection: "column", contentVisibility: "auto", containIntrinsicHeight: "auto 300px" } as const;

interface PublicProgramCardProps {
  program: PublicProgram;
  /** For a signed-in member: whether they have a link here, and what to do about it. */
  membership?: ReactNode;
}

/** One program on the open /programs page: what it is, how many links rotate, and its address to share. */
// memoised: the list re-renders for its search box and the community's name, the cards rarely change
export const PublicProgramCard = memo(function PublicProgramCard({ program, membership }: PublicProgramCardProps) {
  const headingId = useId();
  const address = absoluteOnThisSite(program.redirectUrl);
  const [qrPlace, qrNear] = useNearViewport<HTMLDivElement>();
  const [qrCodeLoaded] = useState(RotationQrCode.isLoaded);
  const qrCode = <RotationQrCode address={address} programName={program.name} />;
  return (
    // data-*: what the server-rendered page's island searches and reads before the app runs (public/visitor-island.js)
    <Card variant="outlined" component="article" aria-labelledby={headingId} data-program="" sx={CARD_SX}>
      <CardContent sx={{ display: "flex", flexDirection: "column", gap: 2, flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
          <Stack spacing={1} sx={{ minWidth: 0, alignItems: "flex-start" }}>
            <Typography
              id={headingId}
              variant="h6"
              component="h2"
              data-name=""
              sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: "anywhere" }}
            >
              {program.name}
            </Typography>
            <Box
              component="span"
              sx={program.activeLinkCount > 0 ? { ...COUNT_SX, color: "success.main", borderColor: "success.main" } : COUNT_SX}
            >
              {activeLinksLabel(program.activeLinkCount)}
            </Box>
          </Stack>
          {qrNear ? (
            // No Suspense boundary where the code is there already (the server's render and its
            // hydration): React hydrates a boundary later than the page, and a tap on it meanwhile is lost.
            qrCodeLoaded ? (
              qrCode
            ) : (
              <Suspense fallback={<Box sx={QR_PLACE_SX} />}>{qrCode}</Suspense>
            )
          ) : (
            <Box ref={qrPlace} sx={QR_PLACE_SX} />
          )}
        </Stack>
        {program.description ? (
          // Plain text, never HTML: descriptions are typed by members and admins.
          <Typography variant="body2" color="text.secondary" data-description="" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {program.description}
          </Typography>
        ) : null}
        <PublicProgramRules program={program} />
        {program.paidReferralsThisYear > 0 ? (
          <Typography variant="body2">{paidReferralsLabel(program.paidReferralsThisYear)}</Typography>
        ) : null}
        <Box sx={{ mt: "auto" }}>
          <Typography variant="caption" color="text.secondary" component="p">
            Rotation address
          </Typography>
          <CopyRotationAddress redirectUrl={program.redirectUrl} programName={program.name} />
        </Box>
        {program.activeLinkCount > 0 ? (
          <Box>
            <Button
              component="a"
              href={address}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              size="small"
              endIcon={<OpenInNewIcon />}
            >
              Get this offer
            </Button>
          </Box>
        ) : null}
        {membership}
      </CardContent>
    </Card>
  );
});

import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { CenteredLayout } from "../layouts/index";

/** Shown when a page fails to render or its code fails to load (e.g. after a new deploy). */
export function RouteErrorFallback() {
  return (
    <CenteredLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            Something went wrong
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            The page could not be shown. Reloading usually helps.
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              onClick={() => {
                window.location.reload();
              }}
            >
              Reload
            </Button>
            <Button href="/">Go Home</Button>
          </Stack>
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}

interface RouteErrorBoundaryProps {
  /** The page's location key: a navigation to another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Catches a page that fails to render or whose code fails to load, and shows RouteErrorFallback. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorFallback /> : this.props.children;
  }
}

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import SendOutlinedIcon from "@mui/icons-material/SendOutlined";
import { useState, type FormEvent } from "react";
import { ALERT_EVENT_LABELS, ALERT_EVENTS, updateAlertsRequestSchema, type AlertEvent, type AlertSettings } from "@hub/contract/alerts";
import { ConfirmDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { failureToast } from "@/components/toasts/index";
import { issueFieldErrors } from "@/lib/form-errors";
import { QueryErrorAlert } from "@/components/errors/index";
import { PageSpinner } from "@/components/spinners/index";
import { localDateTime } from "@/lib/dates";
import { useAlerts, useSaveAlerts, useSendTestAlert } from "../api/alerts";

/** The last delivery in a sentence: what, when, and what the receiver said. */
export function lastDeliveryText(last: AlertSettings["lastDelivery"], when: (iso: string) => string): string {
  if (!last) return "Nothing sent yet.";
  const what = last.event === "test" ? "The test alert" : `The ${last.event} alert`;
  const answer = last.status === null ? "no answer" : `HTTP ${String(last.status)}`;
  return `${what} on ${when(last.at)}: ${last.ok ? "delivered" : "not delivered"} (${answer}).`;
}

/**
 * Alerts tab: the community's own channel for the hub's news (the contract's *Terms watch and
 * alerts*): a Discord or Slack webhook or any https endpoint, the events it is sent, Send Test Alert,
 * and the last delivery. The signing secret is shown once, when it is made.
 */
export function AlertsTab() {
  // a test sent: the last delivery before it, followed until another shows (the server's clock, not this one's)
  const [before, setBefore] = useState<string | null | undefined>(undefined);
  const alertsQuery = useAlerts(before !== undefined);
  const last = alertsQuery.data?.lastDelivery?.at ?? null;
  if (before !== undefined && last !== before) setBefore(undefined);

  if (alertsQuery.isPending) return <PageSpinner label="Loading the alerts channel" />;
  if (alertsQuery.isError) return <QueryErrorAlert what="the alerts channel" queries={[alertsQuery]} />;
  return <AlertsForm settings={alertsQuery.data} waiting={before !== undefined} onTestSent={() => setBefore(last)} />;
}

function AlertsForm({ settings, waiting, onTestSent }: { settings: AlertSettings; waiting: boolean; onTestSent: () => void }) {
  const form = useFormFields({ webhookUrl: "" });
  const [events, setEvents] = useState<AlertEvent[]>(settings.events);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const save = useSaveAlerts({
    success: (saved) => ({
      title: saved.webhookUrl ? "Alerts channel saved" : "Alerts channel turned off",
      description: saved.webhookUrl ? "Send a test alert to check that it arrives" : "The hub sends no alerts",
    }),
    // the server's refusal of the address is shown under it, as the browser's own check is
    error: (error) => {
      const fieldErrors = issueFieldErrors(error, ["webhookUrl"] as const);
      if (!fieldErrors) return failureToast("Failed to save the alerts channel", error);
      form.setErrors(fieldErrors);
      return null;
    },
  });
  const test = useSendTestAlert({
    success: { title: "Test alert sent", description: "Its outcome shows below" },
    error: "Failed to send a test alert",
  });

  const saved = (answer: AlertSettings) => {
    setSecret(answer.signingSecret ?? null);
    form.setValues(() => ({ webhookUrl: "" }));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const url = form.values.webhookUrl.trim();
    const parsed = form.parse(updateAlertsRequestSchema, { ...(url ? { webhookUrl: url } : {}), events });
    if (!parsed) return;
    save.mutate(parsed, { onSuccess: saved });
  };
  const toggle = (event: AlertEvent, on: boolean) =>
    setEvents((current) => (on ? ALERT_EVENTS.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event)));
  const when = (iso: string) => localDateTime(iso) ?? iso;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="alerts-heading">
        <Stack spacing={2}>
          <Typography id="alerts-heading" variant="h6" component="h2">
            Alerts channel
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The hub posts its news to your community&apos;s Discord or Slack channel (an incoming webhook), or to any https endpoint,
            signed. No member&apos;s name, e-mail or link is ever in a message.
          </Typography>
          <Alert severity={settings.webhookUrl ? "success" : "info"}>
            {settings.webhookUrl ? `Alerts go to ${settings.webhookUrl}` : "Off: no webhook is set."}
          </Alert>
          {secret ? (
            <Alert severity="warning">
              Signing secret (shown only now; endpoints other than Discord and Slack can check each alert&apos;s X-Hub-Signature-256 with
              it):{" "}
              <Typography component="code" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
                {secret}
              </Typography>
            </Alert>
          ) : null}
          <FormTextField
            form={form}
            field="webhookUrl"
            label={settings.webhookUrl ? "New webhook URL" : "Webhook URL"}
            type="url"
            hint={settings.webhookUrl ? "Leave empty to keep the current address." : "Discord: Channel settings → Integrations → Webhooks."}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend">Events</FormLabel>
            <FormGroup>
              {ALERT_EVENTS.map((event) => (
                <FormControlLabel
                  key={event}
                  control={<Checkbox checked={events.includes(event)} onChange={(_, on) => toggle(event, on)} />}
                  label={ALERT_EVENT_LABELS[event]}
                />
              ))}
            </FormGroup>
          </FormControl>
          <Typography variant="body2" aria-live="polite">
            {waiting ? "Sending the test alert…" : lastDeliveryText(settings.lastDelivery, when)}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save
            </Button>
            <Button
              variant="outlined"
              startIcon={<SendOutlinedIcon />}
              disabled={!settings.webhookUrl}
              loading={test.isPending || waiting}
              onClick={() => test.mutate(undefined, { onSuccess: onTestSent })}
            >
              Send Test Alert
            </Button>
            <Button
              variant="outlined"
              disabled={!settings.webhookUrl || save.isPending}
              onClick={() => save.mutate({ rotateSecret: true }, { onSuccess: saved })}
            >
              New Signing Secret
            </Button>
            <Button color="error" disabled={!settings.webhookUrl} onClick={() => setConfirmOff(true)}>
              Turn Off
            </Button>
          </Stack>
        </Stack>
      </form>
      <ConfirmDialog
        open={confirmOff}
        title="Turn the alerts channel off?"
        confirmLabel="Turn Off"
        destructive
        pending={save.isPending}
        onClose={() => setConfirmOff(false)}
        onConfirm={() => save.mutate({ webhookUrl: null }, { onSuccess: () => setConfirmOff(false) })}
      >
        The hub stops posting alerts and forgets the webhook address; setting one again makes a new signing secret.
      </ConfirmDialog>
    </Paper>
  );
}

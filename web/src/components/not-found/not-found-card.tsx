import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { MessageCard } from "../layouts/index";

export function NotFoundCard() {
  return (
    <MessageCard icon={<ErrorOutlineIcon color="error" aria-hidden />} title="404 Page Not Found">
      Did you forget to add the page to the router?
    </MessageCard>
  );
}

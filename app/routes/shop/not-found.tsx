import { data } from "react-router";
import { NotFoundPage } from "../../components/route-error";

// Unknown paths: a real 404 status with the page inside the shop layout.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

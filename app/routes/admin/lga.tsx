import { Link, useNavigation } from "react-router";
import { AdminList, EditDelete, ListScreen } from "../../components/admin/admin-list";
import { CreateLink } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { deliveryRateListQuery } from "../../../modules/delivery/admin-schemas";
import { deleteDeliveryRate, searchDeliveryRates } from "../../../modules/delivery/admin.server";
import { readSearchParams } from "../../lib/search-params.server";
import { deleteRowAction } from "./admin-action.server";
import type { Route } from "./+types/lga";
import type { DeliveryRateView } from "../../../modules/delivery/admin.server";
import { hourLabel } from "../../../lib/lagos-calendar";

export const meta = () => [{ title: "Delivery Rates | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, deliveryRateListQuery, ["q"]);
  return { rates: (await searchDeliveryRates(context.get(appContext).db, query)).items, q: query.q };
}

/** A row's Delete. */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db }, id) => deleteDeliveryRate(db, id));

type Row = Route.ComponentProps["loaderData"]["rates"][number];

/** docs/product.md "Delivery on a chosen date": 'Required · 1 day, by 2 pm · 20 a day', or 'Off'. */
const scheduleSummary = (r: Pick<DeliveryRateView, "dateMode" | "leadDays" | "cutoffHour" | "dailyCapacity">) =>
  r.dateMode === "off"
    ? "Off"
    : [
        r.dateMode === "required" ? "Required" : "Optional",
        `${r.leadDays} day${r.leadDays === 1 ? "" : "s"}${r.cutoffHour ? `, by ${hourLabel(r.cutoffHour)}` : ""}`,
        r.dailyCapacity ? `${r.dailyCapacity} a day` : "no limit",
      ].join(" · ");

export default function Lga({ loaderData }: Route.ComponentProps) {
  const { rates, q } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/lga";
  return (
    <div className="max-w-3xl">
      <ListScreen
        title="Delivery Rates"
        action={<CreateLink to="/createlga" label="Add New LGA" />}
        intro={
          <p className="-mt-2 mb-4 text-sm text-muted" data-testid="lga-hint">
            Shoppers choose one of these areas in the cart and at checkout, and pay its charge; there is no other choice. To deliver
            elsewhere too, add an area named, for example, 'Other area' with the price you charge for it. Delivery on a chosen date is set
            per area here; blackout days, peak days and time windows are in the{" "}
            <Link to="/deliverycalendar" className="font-semibold text-rose underline">
              delivery calendar
            </Link>
            .
          </p>
        }
        filters={{ placeholder: "Search LGA...", q, clearTo: "/lga", label: "Search LGA" }}
      >
        <AdminList<Row>
          caption="Delivery rates by LGA"
          rows={loading ? [] : rates}
          empty={loading ? "Loading..." : "No LGAs found"}
          columns={[
            { label: "LGA", cell: (r) => r.lga, className: "font-semibold" },
            { label: "Delivery Charge", cell: (r) => formatNairaAmount(r.deliveryCharge) },
            { label: "Delivery dates", cell: (r) => scheduleSummary(r) },
          ]}
          actions={(r) => (
            <EditDelete id={r.id} name={r.lga} editTo={`/editlga/${r.id}`} confirmText="Are you sure you want to delete this LGA?" />
          )}
        />
      </ListScreen>
    </div>
  );
}

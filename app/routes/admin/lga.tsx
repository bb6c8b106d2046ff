import { Pencil, Plus } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { DeleteButton } from "../../components/admin/delete-button";
import { ListFilters } from "../../components/admin/filters";
import { actionsTd, AdminTable, PageHeader, td, th } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { deliveryRateListQuery } from "../../../modules/delivery/admin-schemas";
import { searchDeliveryRates } from "../../../modules/delivery/admin.server";
import { readSearchParams } from "../../lib/search-params.server";
import type { Route } from "./+types/lga";

export const meta = () => [{ title: "Delivery Rates | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, deliveryRateListQuery, ["q"]);
  return { rates: (await searchDeliveryRates(context.get(appContext).db, query)).items, q: query.q };
}

export default function Lga({ loaderData }: Route.ComponentProps) {
  const { rates, q } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/lga";
  return (
    <div className="max-w-3xl">
      <PageHeader title="Delivery Rates">
        <Link to="/createlga" className="btn-primary min-h-10 py-2">
          <Plus size={16} aria-hidden="true" /> Add New LGA
        </Link>
      </PageHeader>
      <p className="-mt-2 mb-4 text-sm text-muted" data-testid="lga-hint">
        Shoppers choose one of these areas in the cart and at checkout, and pay its charge; there is no other choice. To deliver elsewhere
        too, add an area named, for example, 'Other area' with the price you charge for it.
      </p>
      <ListFilters placeholder="Search LGA..." q={q} clearTo="/lga" label="Search LGA" />
      <AdminTable caption="Delivery rates by LGA">
        <thead className="border-b border-line bg-sand/60">
          <tr>
            <th className={th}>LGA</th>
            <th className={th}>Delivery Charge</th>
            <th className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {loading || rates.length === 0 ? (
            <tr>
              <td colSpan={3} className={`${td} py-8 text-center text-muted`}>
                {loading ? "Loading..." : "No LGAs found"}
              </td>
            </tr>
          ) : (
            rates.map((r) => (
              <tr key={r.id} className="border-b border-line last:border-0">
                <td className={`${td} font-semibold`} data-label="LGA">
                  {r.lga}
                </td>
                <td className={td} data-label="Delivery Charge">
                  {formatNairaAmount(r.deliveryCharge)}
                </td>
                <td className={actionsTd}>
                  <Link
                    to={`/editlga/${r.id}`}
                    aria-label={`Edit ${r.lga}`}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-sage hover:bg-sage-soft"
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </Link>
                  <DeleteButton
                    url={`/api/deliveryrates/${r.id}`}
                    label={`Delete ${r.lga}`}
                    confirmText="Are you sure you want to delete this LGA?"
                  />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </AdminTable>
    </div>
  );
}

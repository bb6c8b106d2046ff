import {
  CalendarDays,
  ChartColumn,
  CirclePlus,
  FileText,
  FolderTree,
  Gift,
  Inbox,
  LayoutDashboard,
  LogOut,
  Menu,
  Package,
  ReceiptText,
  Settings,
  ShoppingBag,
  ShoppingCart,
  Tag,
  Truck,
  Users,
  Wallet,
  X,
} from "lucide-react";
import { useState } from "react";
import { Toaster } from "react-hot-toast";
import { Form, Link, Outlet, useLocation, useNavigation } from "react-router";
import { PurchaseSkeleton } from "../../components/admin/purchase-skeleton";
import { RouteError } from "../../components/route-error";
import { Logo } from "../../components/layout/logo";
import { requireAdminPage } from "../../lib/guards.server";
import type { ScriptsHandle } from "../../lib/scripted";
import type { BackOfficeData } from "../../lib/back-office";
import { appContext } from "../../context";
import { isOwner, isOwnerScreen } from "../../../modules/accounts/roles";
import { unreadMessageCount } from "../../../modules/marketing/messages.server";
import { toTellCount } from "../../../modules/marketing/back-in-stock-by-hand.server";
import type { Route } from "./+types/layout";

// docs/product.md §2 Admin screens: the sidebar, in the spec's order and labels
const links = [
  { to: "/dashboard", label: "Users", icon: LayoutDashboard },
  { to: "/purchasetable", label: "Purchases", icon: ShoppingCart, also: ["/viewpurchase"] },
  // docs/product.md "Manual orders"
  { to: "/neworder", label: "New Order", icon: CirclePlus },
  // docs/product.md "Unpaid checkouts"
  { to: "/unpaidcheckouts", label: "Unpaid Checkouts", icon: ShoppingBag },
  // docs/product.md "Gift orders": the gifts whose day comes round again soon
  { to: "/giftdays", label: "Gift Days", icon: Gift },
  // docs/product.md "Messages": with how many wait unread
  { to: "/messages", label: "Messages", icon: Inbox },
  { to: "/categorytable", label: "Categories", icon: FolderTree, also: ["/createcategory", "/editcategory"] },
  { to: "/producttable", label: "Products", icon: Package, also: ["/createproduct", "/editproduct"] },
  { to: "/lga", label: "Delivery Rates", icon: Truck, also: ["/createlga", "/editlga", "/deliverycalendar"] },
  // docs/product.md "Delivery on a chosen date": the day's deliveries and their run sheet
  { to: "/deliveries", label: "Deliveries", icon: CalendarDays },
  { to: "/blogtable", label: "Blog", icon: FileText, also: ["/createpost", "/editblog"] },
  { to: "/teamtable", label: "Team Members", icon: Users, also: ["/adminregister"] },
  // docs/product.md "Discount codes"
  { to: "/discounttable", label: "Discount Codes", icon: Tag, also: ["/creatediscount", "/editdiscount"] },
  // docs/product.md "Reports"
  { to: "/reports", label: "Reports", icon: ChartColumn },
  // docs/product.md "Expenses"
  { to: "/expenses", label: "Expenses", icon: ReceiptText },
  { to: "/settings", label: "Settings", icon: Settings },
  { to: "/paymentsettings", label: "Payments", icon: Wallet },
];

// staff act the moment a screen is there: its script starts at once, not after the first paint (app/lib/hydrate-after-paint.server.ts)
export const handle: ScriptsHandle = { scripts: "at-once" };

export async function loader({ context, request }: Route.LoaderArgs): Promise<BackOfficeData> {
  const user = requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return {
    admin: { firstName: user.firstName, lastName: user.lastName, email: user.email, owner: isOwner(user.role) },
    toAnswer: (await Promise.all([unreadMessageCount(db), toTellCount(db)])).reduce((a, b) => a + b),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin, toAnswer } = loaderData;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const openingPurchase =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/viewpurchase/") && !pathname.startsWith("/viewpurchase/");
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const isActive = (l: (typeof links)[number]) => pathname === l.to || (l.also ?? []).some((p) => pathname.startsWith(p));

  // a plain Link: NavLink would set aria-current from its own path only, so /editproduct/{id}
  // would look active under Products without saying so; one rule marks both here
  const nav = (
    // on a short laptop screen the links scroll and the profile with Log out stays in sight
    <nav aria-label="Admin" className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto p-3">
      {/* staff are not shown the owner's screens (modules/accounts/roles.ts) */}
      {links
        .filter((l) => admin.owner || !isOwnerScreen(l.to))
        .map((l) => (
          <Link
            key={l.to}
            to={l.to}
            aria-current={isActive(l) ? "page" : undefined}
            className={`flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold ${isActive(l) ? "bg-rose text-white" : "text-ink hover:bg-blush"}`}
          >
            <l.icon size={18} aria-hidden="true" />
            {l.label}
            {l.to === "/messages" && toAnswer > 0 ? (
              <span
                className={`ml-auto rounded-full px-2 py-0.5 text-xs font-bold ${isActive(l) ? "bg-white text-rose-dark" : "bg-rose text-white"}`}
                data-testid="to-answer"
              >
                {toAnswer}
                <span className="sr-only"> to answer</span>
              </span>
            ) : null}
          </Link>
        ))}
    </nav>
  );
  const profile = (
    <div className="shrink-0 border-t border-line p-3">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sage text-lg font-bold text-white"
        >
          {admin.firstName.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-bold">
            {admin.firstName} {admin.lastName}
          </p>
          <p className="truncate text-xs text-muted">{admin.email}</p>
        </div>
      </div>
      {/* the session cookie is httpOnly: the server ends it (the header's Log out posts to the same action) */}
      <Form method="post" action="/logout">
        <button
          type="submit"
          className="mt-3 flex min-h-10 w-full items-center gap-2 rounded-xl px-3 text-sm font-semibold text-rose hover:bg-blush"
        >
          <LogOut size={16} aria-hidden="true" /> Log out
        </button>
      </Form>
    </div>
  );

  return (
    <div className="min-h-dvh bg-cream lg:flex print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-linen focus:p-2"
      >
        Skip to content
      </a>
      {/* phone and tablet: a top bar with a drawer */}
      <header className="sticky top-0 z-40 flex h-14 items-center justify-between border-b border-line bg-linen px-3 lg:hidden print:hidden">
        <Logo />
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-blush"
          aria-label={open ? "Close admin menu" : "Open admin menu"}
          aria-expanded={open}
          aria-controls="admin-drawer"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
        </button>
      </header>
      {open ? (
        <div id="admin-drawer" className="fixed inset-x-0 bottom-0 top-14 z-30 flex flex-col overflow-y-auto bg-linen lg:hidden">
          {nav}
          {profile}
        </div>
      ) : null}
      <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-line bg-linen lg:flex print:hidden">
        <div className="border-b border-line p-4">
          <Logo />
          <p className="mt-1 text-xs font-bold uppercase tracking-[0.2em] text-muted">Back office</p>
        </div>
        {nav}
        {profile}
      </aside>
      <main id="main" className="min-w-0 flex-1 px-3 py-5 sm:px-6 lg:px-8 print:p-0">
        {openingPurchase ? <PurchaseSkeleton /> : <Outlet />}
      </main>
      {/* on a phone, under the top bar (h-14): not over the menu button */}
      <Toaster position="top-center" containerClassName="max-lg:top-16!" />
    </div>
  );
}

export const ErrorBoundary = RouteError;

import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { redirectPastLastPage } from "./list-query.server";

type LoaderArgs = { context: Readonly<RouterContextProvider>; request: Request };
type Paged = { page: number; pageSize: number };

/**
 * A back-office list's loader: the admin role, the page's filters (`keys`) read with the API's
 * schema, one page of rows from `search`, and a page past the end sent to the last one.
 */
export async function loadAdminList<S extends z.ZodType, T>(
  { context, request }: LoaderArgs,
  schema: S,
  keys: readonly string[],
  search: (db: Db, query: z.output<S> & Paged) => Promise<{ items: T[]; total: number }>,
) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, schema, keys) as z.output<S> & Paged;
  const { items, total } = await search(context.get(appContext).db, query);
  redirectPastLastPage(request, query, total);
  return { items, total, query };
}

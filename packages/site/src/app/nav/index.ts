/**
 * The site's router: a small data router on core's route table (see `router.ts`), its React
 * bindings (`react.tsx`) and its histories (`history.ts`). Every file of the site takes routing
 * from here. Why the site has its own instead of react-router: `packages/site/README.md`.
 */
export {
  createBrowserHistory,
  createLocation,
  createMemoryHistory,
  createPath,
  type History,
  type Location,
} from './history';
export {
  Link,
  type LinkProps,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from './react';
export {
  createRouter,
  type LoaderFunctionArgs,
  type NavigateOptions,
  type NavigationType,
  type Params,
  Redirect,
  type RouteDefinition,
  type RouteMatch,
  type RouteModule,
  type Router,
  type RouterInit,
  type RouterLayout,
  type RouterState,
  redirect,
} from './router';

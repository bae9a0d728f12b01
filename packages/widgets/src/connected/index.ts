// `@poolkit/widgets/connected`: widgets that fetch a coin's pool figures themselves, through
// core's client, for partners who embed by coin. Everything else in the kit takes data as props.
export {
  ConnectedBlockTable,
  type ConnectedBlockTableProps,
  ConnectedHashrateChart,
  type ConnectedHashrateChartProps,
  ConnectedPoolStatsCard,
  type ConnectedPoolStatsCardProps,
  type ConnectedProps,
} from './ConnectedWidgets';
export {
  type Loaded,
  type PoolApiOptions,
  useLiveReload,
  useLoad,
  usePoolApi,
} from './usePoolApi';

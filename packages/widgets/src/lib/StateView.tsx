// The state views live with the base kit's `DataState`; the widgets that draw their states
// themselves keep importing them from here.
export {
  ErrorBlock,
  type ErrorBlockProps,
  LoadingBlock,
  type LoadingBlockProps,
  MessageBlock,
  type MessageBlockProps,
} from '../components/DataState/DataState';

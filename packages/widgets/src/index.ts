// The public API of @poolkit/widgets, listed by area. Named exports only.

// Overlays
export {
  AlertDialog,
  type AlertDialogLabels,
  type AlertDialogProps,
} from './components/AlertDialog/AlertDialog';
// Data display
export {
  AmountText,
  type AmountTextLabels,
  type AmountTextProps,
} from './components/AmountText/AmountText';
// Actions
export { Button, type ButtonProps } from './components/Button/Button';
// Forms
export {
  Checkbox,
  type CheckboxProps,
  type CheckedState,
} from './components/Checkbox/Checkbox';
export {
  CodeInput,
  type CodeInputLabels,
  type CodeInputProps,
} from './components/CodeInput/CodeInput';
export {
  Combobox,
  type ComboboxLabels,
  type ComboboxOption,
  type ComboboxProps,
} from './components/Combobox/Combobox';
export {
  CopyButton,
  type CopyButtonLabels,
  type CopyButtonProps,
} from './components/CopyButton/CopyButton';
export {
  type DateRange,
  DateRangePicker,
  type DateRangePickerLabels,
  type DateRangePickerProps,
} from './components/DateRangePicker/DateRangePicker';
export {
  Dialog,
  DialogClose,
  type DialogCloseProps,
  type DialogLabels,
  type DialogProps,
} from './components/Dialog/Dialog';
export { Drawer, type DrawerLabels, type DrawerProps } from './components/Drawer/Drawer';
export {
  DropdownMenu,
  type DropdownMenuItem,
  type DropdownMenuProps,
} from './components/DropdownMenu/DropdownMenu';
export { EmptyState, type EmptyStateProps } from './components/EmptyState/EmptyState';
export {
  FormField,
  type FormFieldControlProps,
  type FormFieldProps,
  useFormFieldControl,
} from './components/FormField/FormField';
export { HintText, type HintTextProps } from './components/HintText/HintText';
export { ICON_NAMES, Icon, type IconName, type IconProps } from './components/Icon/Icon';
export { IconButton, type IconButtonProps } from './components/IconButton/IconButton';
export { Input, type InputProps } from './components/Input/Input';
export {
  LanguageSwitcher,
  type LanguageSwitcherLabels,
  type LanguageSwitcherProps,
} from './components/LanguageSwitcher/LanguageSwitcher';
// Navigation
export {
  type PagerItem,
  Pagination,
  type PaginationLabels,
  type PaginationProps,
  paginationRange,
} from './components/Pagination/Pagination';
export {
  PasswordInput,
  type PasswordInputLabels,
  type PasswordInputProps,
} from './components/PasswordInput/PasswordInput';
// Providers
export {
  type PoolKitI18n,
  PoolKitProvider,
  type PoolKitProviderProps,
} from './components/PoolKitProvider/PoolKitProvider';
export { Popover, type PopoverLabels, type PopoverProps } from './components/Popover/Popover';
export {
  type EncodeQrOptions,
  encodeQr,
  type QrMatrix,
} from './components/QRCode/encodeQr';
export { QRCode, type QRCodeProps } from './components/QRCode/QRCode';
export {
  Radio,
  RadioGroup,
  type RadioGroupProps,
  type RadioProps,
} from './components/RadioGroup/RadioGroup';
export {
  ResendCountdown,
  type ResendCountdownLabels,
  type ResendCountdownProps,
} from './components/ResendCountdown/ResendCountdown';
export {
  Select,
  type SelectLabels,
  type SelectOption,
  type SelectProps,
} from './components/Select/Select';
export { Skeleton, type SkeletonProps } from './components/Skeleton/Skeleton';
export {
  StatusTag,
  type StatusTagProps,
  type StatusTone,
} from './components/StatusTag/StatusTag';
export { Switch, type SwitchProps } from './components/Switch/Switch';
export {
  type SortDirection,
  Table,
  type TableColumn,
  type TableLabels,
  type TableProps,
  type TableSort,
} from './components/Table/Table';
export {
  Tab,
  TabList,
  type TabListProps,
  TabPanel,
  type TabPanelProps,
  type TabProps,
  Tabs,
  type TabsProps,
} from './components/Tabs/Tabs';
export {
  type ToastApi,
  type ToastLabels,
  type ToastOptions,
  ToastProvider,
  type ToastProviderProps,
  type ToastTone,
  useToast,
} from './components/Toast/Toast';
export { Tooltip, type TooltipProps } from './components/Tooltip/Tooltip';

// Theme
export { vars } from './theme/contract.css';
export { media, useMediaQuery } from './theme/media';
export {
  PoolKitThemeProvider,
  type PoolKitThemeProviderProps,
} from './theme/PoolKitThemeProvider';
export { darkTheme, lightTheme } from './theme/themes.css';
export { type ThemeVariable, themeVariables } from './theme/themeVariables';
export {
  breakpoints,
  darkTokens,
  lightTokens,
  sizes,
  space,
  type ThemeTokens,
} from './theme/tokens';

// Domain widgets (each also has its own entry: `@poolkit/widgets/<Name>`)
export {
  AddressSearch,
  type AddressSearchLabelKey,
  type AddressSearchPool,
  type AddressSearchProps,
} from './widgets/AddressSearch/AddressSearch';
export {
  AlertSettingsForm,
  type AlertSettingsFormLabelKey,
  type AlertSettingsFormProps,
} from './widgets/AlertSettingsForm/AlertSettingsForm';
export {
  AnnouncementBar,
  type AnnouncementBarItem,
  type AnnouncementBarProps,
  type RenderLink,
} from './widgets/AnnouncementBar/AnnouncementBar';
export {
  BlockTable,
  type BlockTableCoin,
  type BlockTableLabelKey,
  type BlockTableProps,
} from './widgets/BlockTable/BlockTable';
export {
  CoinInfoCard,
  type CoinInfoCardCoin,
  type CoinInfoCardLabelKey,
  type CoinInfoCardProps,
} from './widgets/CoinInfoCard/CoinInfoCard';
export {
  ContractDashboard,
  type ContractDashboardCoin,
  type ContractDashboardLabelKey,
  type ContractDashboardProps,
} from './widgets/ContractDashboard/ContractDashboard';
export {
  ContractProductCard,
  type ContractProductCardLabelKey,
  type ContractProductCardProduct,
  type ContractProductCardProps,
} from './widgets/ContractProductCard/ContractProductCard';
export {
  CouponCard,
  type CouponCardCoupon,
  type CouponCardLabelKey,
  type CouponCardProps,
} from './widgets/CouponCard/CouponCard';
export {
  DepositCard,
  type DepositCardLabelKey,
  type DepositCardProps,
} from './widgets/DepositCard/DepositCard';
export {
  EvidenceUpload,
  type EvidenceUploadLabelKey,
  type EvidenceUploadProps,
  type EvidenceUploadState,
} from './widgets/EvidenceUpload/EvidenceUpload';
export {
  ExchangeDialog,
  type ExchangeDialogField,
  type ExchangeDialogLabelKey,
  type ExchangeDialogProps,
  type ExchangeDialogRefusal,
  type ExchangeDialogRequest,
  type ExchangeDialogValues,
} from './widgets/ExchangeDialog/ExchangeDialog';
export {
  type HalvingCoin,
  HalvingCountdown,
  type HalvingCountdownLabelKey,
  type HalvingCountdownProps,
} from './widgets/HalvingCountdown/HalvingCountdown';
export {
  HashrateChart,
  type HashrateChartLabelKey,
  type HashrateChartProps,
  type HashrateChartSeries,
  type HashrateRange,
  type HashrateSeriesKind,
  minerHashrateSeries,
} from './widgets/HashrateChart/HashrateChart';
export {
  InvitationCard,
  type InvitationCardInvitation,
  type InvitationCardLabelKey,
  type InvitationCardProps,
} from './widgets/InvitationCard/InvitationCard';
export {
  InviteeTable,
  type InviteeTableLabelKey,
  type InviteeTableProps,
  type InviteeTableRow,
} from './widgets/InviteeTable/InviteeTable';
export { Luck, type LuckBlock, type LuckLabelKey, type LuckProps } from './widgets/Luck/Luck';
export {
  MessageList,
  type MessageListLabelKey,
  type MessageListProps,
} from './widgets/MessageList/MessageList';
export {
  MinerCard,
  type MinerCardLabelKey,
  type MinerCardProps,
} from './widgets/MinerCard/MinerCard';
export {
  MinerRanking,
  type MinerRankingLabelKey,
  type MinerRankingProps,
  type MinerRankingSort,
  type MinerRankingSortKey,
} from './widgets/MinerRanking/MinerRanking';
export {
  ObserverLinkCard,
  type ObserverLinkCardLabelKey,
  type ObserverLinkCardLink,
  type ObserverLinkCardProps,
} from './widgets/ObserverLinkCard/ObserverLinkCard';
export {
  OrderStatusSteps,
  type OrderStatusStepsProps,
} from './widgets/OrderStatusSteps/OrderStatusSteps';
export {
  OrderTable,
  type OrderTableLabelKey,
  type OrderTableProps,
  type OrderTableRow,
} from './widgets/OrderTable/OrderTable';
export {
  PasskeyList,
  type PasskeyListItem,
  type PasskeyListLabelKey,
  type PasskeyListProps,
} from './widgets/PasskeyList/PasskeyList';
export {
  PoolStatsCard,
  type PoolStatsCardLabelKey,
  type PoolStatsCardProps,
  type PoolStatsCoin,
} from './widgets/PoolStatsCard/PoolStatsCard';
export {
  ProfitCalculator,
  type ProfitCalculatorLabelKey,
  type ProfitCalculatorProps,
  type ProfitCalculatorValues,
  type ProfitCoin,
  type ProfitCurrency,
} from './widgets/ProfitCalculator/ProfitCalculator';
export {
  RedPacketCard,
  type RedPacketCardLabelKey,
  type RedPacketCardOffer,
  type RedPacketCardPacket,
  type RedPacketCardProps,
  type RedPacketCoin,
  type RedPacketReceiveError,
  type RedPacketReceiveLabelKey,
} from './widgets/RedPacketCard/RedPacketCard';
export {
  RewardTable,
  type RewardTableLabelKey,
  type RewardTableProps,
  type RewardTableRow,
} from './widgets/RewardTable/RewardTable';
export { Slider, type SliderProps, type SliderSlide } from './widgets/Slider/Slider';
export {
  TicketThread,
  type TicketThreadEntry,
  type TicketThreadLabelKey,
  type TicketThreadProps,
} from './widgets/TicketThread/TicketThread';
export {
  TransactionTable,
  type TransactionTableLabelKey,
  type TransactionTableProps,
  type TransactionTableRow,
} from './widgets/TransactionTable/TransactionTable';
export {
  type PasskeyOutcome,
  TransferDialog,
  type TransferDialogField,
  type TransferDialogLabelKey,
  type TransferDialogProps,
  type TransferDialogRefusal,
  type TransferDialogValues,
} from './widgets/TransferDialog/TransferDialog';
export { UnreadBadge, type UnreadBadgeProps } from './widgets/UnreadBadge/UnreadBadge';
export {
  WalletCard,
  type WalletCardBalance,
  type WalletCardLabelKey,
  type WalletCardProps,
} from './widgets/WalletCard/WalletCard';
export {
  type WithdrawAddressValues,
  WithdrawDialog,
  type WithdrawDialogField,
  type WithdrawDialogLabelKey,
  type WithdrawDialogProps,
  type WithdrawDialogRefusal,
  type WithdrawDialogValues,
  withdrawalParts,
} from './widgets/WithdrawDialog/WithdrawDialog';
export {
  type WorkerGroupFilter,
  type WorkerSortKey,
  type WorkerStatusFilter,
  WorkerTable,
  type WorkerTableLabelKey,
  type WorkerTableProps,
  type WorkerTableSort,
} from './widgets/WorkerTable/WorkerTable';

export { cn } from './cn';
export * from './constants';
export {
  UI_TEXTS,
  UiTextsProvider,
  useUiTexts,
  formatText,
  type UiLocale,
  type UiTextKey,
  type UiTexts,
  type UiTranslate,
  type UiTextsProviderProps,
} from './i18n';
export { applyBrandTheme, useColorScheme, type BrandScale, type ColorScheme } from './theme';
export { Spinner, type SpinnerProps } from './spinner';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { Input, Textarea, type InputProps, type TextareaProps } from './input';
export { Field, type FieldProps } from './field';
export { PasswordInput, type PasswordInputProps } from './password-input';
export {
  Toaster,
  toast,
  toToastArgs,
  type ToastMessage,
  type ToastObject,
  type ToastButton,
  type ToastType,
  type ToasterProps,
} from './toast';
export { Modal, resolveModalWidth, type ModalProps, type ModalWidth } from './modal';
export { Card, type CardProps } from './card';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Tabs, type TabsProps, type TabItem } from './tabs';
export { ScrollStrip, type ScrollStripProps } from './scroll-strip';
export {
  Select,
  filterOptions,
  getOptionText,
  getOptionValue,
  isHeaderOption,
  type SelectProps,
  type SelectOption,
  type SelectValue,
  type SingleSelectProps,
  type MultipleSelectProps,
  type OptionKeys,
} from './select';
export { Avatar, getInitials, getAvatarVariant, type AvatarProps } from './avatar';
export {
  DropdownMenu,
  DropdownMenuRoot,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuItemPrimitive,
  DropdownMenuSeparator,
  DropdownMenuLabel,
  type DropdownMenuProps,
  type DropdownMenuItem,
} from './dropdown-menu';
export {
  clamp,
  formatHintTimer,
  formatFileSizeMb,
  throttle,
  scrollDuration,
  animateScrollTo,
  runWhenIdle,
} from './utils';
export { useBreakpoint, getBreakpoint, type Breakpoint, type BreakpointState } from './use-breakpoint';
export { useDelayedUnmount } from './use-delayed-unmount';
export { NumberInput, parseNumberInput, type NumberInputProps } from './number-input';
export { TimeInput, parseTime, formatTime, usesHour12, isTimeValue, type TimeInputProps } from './time-input';
export {
  Checkbox,
  RadioGroup,
  Switch,
  type CheckboxProps,
  type RadioGroupProps,
  type RadioOption,
  type SwitchProps,
} from './choice';
export { Slider, type SliderProps, type SingleSliderProps, type RangeSliderProps } from './slider';
export { Drawer, type DrawerProps } from './drawer';
export { Dropdown, type DropdownProps } from './dropdown';
export { Tooltip, type TooltipProps } from './tooltip';
export { Collapse, useCollapseState, type CollapseProps, type CollapseState } from './collapse';
export { Pagination, getPaginationItems, getPageRange, type PaginationProps, type PaginationItem } from './pagination';
export { Rating, type RatingProps } from './rating';
export {
  TruncateText,
  ShowMoreList,
  shouldTruncate,
  type TruncateTextProps,
  type ShowMoreListProps,
} from './truncate-text';
export { LoadingState, GoBackButton } from './status';
export { Upload, type UploadProps, type UploadItem, type UploadFunction } from './upload';
export {
  DataTable,
  nextSort,
  type DataTableProps,
  type DataTableHeader,
  type DataTableSort,
  type SortDirection,
} from './data-table';
export { PhoneInput, type PhoneInputProps } from './phone-input';
export {
  DEFAULT_FLAG_BASE_URL,
  flagUrl,
  sortPhoneCountries,
  sanitizePhoneInput,
  applyRuPlusEight,
  normalizePhoneInput,
  limitPhoneInput,
  formatPhone,
  composePhone,
  detectPhoneCountry,
  foreignPhoneCountry,
  isPhoneValid,
  dialPrefix,
  matchesCountryQuery,
  type PhoneCountry,
} from './phone';
export { countryName, countryNamesLocale } from './country-name';
// Heavy widgets: lazy wrappers here; the real modules are '@tourdesk/ui/gallery', '/calendar', '/carousel'.
export { LazyGallery, LazyMediaViewer, LazyCalendar, LazyDatePicker, LazyCarousel } from './lazy';
export type {
  LazyGalleryProps,
  LazyMediaViewerProps,
  LazyCalendarProps,
  LazyDatePickerProps,
  LazyCarouselProps,
} from './lazy';
export { parseDateLimit, toIsoDate, isOutsideLimits, type DateLimit } from './date-limits';
export { parseVideoUrl, thumbnailSize, type ParsedVideo, type VideoProvider } from './media';

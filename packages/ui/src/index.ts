export { cn } from './cn';
export * from './constants';
export { UI_TEXTS, UiTextsProvider, useUiTexts, formatText, type UiLocale, type UiTextKey, type UiTexts, type UiTranslate, type UiTextsProviderProps } from './i18n';
export { applyBrandTheme, useColorScheme, type BrandScale, type ColorScheme } from './theme';
export { Spinner, type SpinnerProps } from './spinner';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { Input, Textarea, type InputProps, type TextareaProps } from './input';
export { Field, type FieldProps } from './field';
export { PasswordInput, type PasswordInputProps } from './password-input';
export { Toaster, toast, toToastArgs, type ToastMessage, type ToastObject, type ToastButton, type ToastType, type ToasterProps } from './toast';
export { Modal, resolveModalWidth, type ModalProps, type ModalWidth } from './modal';
export { Card, type CardProps } from './card';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Tabs, TabsRoot, TabsList, TabsTrigger, TabsContent, type TabsProps, type TabItem } from './tabs';
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

export { HelpForm, type HelpFormProps } from './components/help-form';

import { coarsePointer } from '../../theme';

/**
 * Options of the pickers on a touch screen: at least 48 px high (WCAG 2.5.5 asks 44 px); MUI makes them so only
 * on phones. `touchOptions` for an Autocomplete's listbox, `touchItem` for each MenuItem of a select.
 */
export const touchOptions = { [coarsePointer]: { '& .MuiAutocomplete-option': { minHeight: 48 } } };
export const touchItem = { [coarsePointer]: { minHeight: 48 } };

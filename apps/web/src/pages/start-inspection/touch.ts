import { coarsePointer } from '../../theme';

/**
 * Options of the pickers on a touch screen: at least 48 px high (WCAG 2.5.5, 44 px), as MUI makes them only on
 * phones. For an Autocomplete's listbox and a select's menu.
 */
export const touchOptions = { [coarsePointer]: { '& .MuiAutocomplete-option, & .MuiMenuItem-root': { minHeight: 48 } } };

/** A select's menu with touch-sized items (TextField select slotProps). */
export const touchMenu = { select: { MenuProps: { slotProps: { paper: { sx: touchOptions } } } } };

import type { TypeEditorRegistry } from '../typeEditor';
import { ChoicesAndRangeValues, OptionGroupAndRangeValues } from './combined';
import { DropdownEditor } from './DropdownEditor';
import { newDropdown } from './dropdowns';
import { MultipleChoicesEditor } from './MultipleChoicesEditor';
import { newChoiceList } from './multipleChoices';
import { optionGroupValid } from './optionGroup';
import { OptionGroupEditor } from './OptionGroupEditor';
import { newRangeValue } from './rangeValues';
import { RangeValuesEditor } from './RangeValuesEditor';

const rangeValuesStart = () => ({ rangeValueTitle: '', rangeValues: [newRangeValue([])], rangeValueUpdates: {} });

/**
 * The option-type editors (001 §2 'Editors by type'): option groups, range values, multiple choices, dropdowns.
 * The common form merges these into its registry.
 */
export const optionTypeEditors: TypeEditorRegistry = {
  RadioButtonSelection: { Editor: OptionGroupEditor, initial: () => ({ optionGroup: null }), isValid: optionGroupValid },
  RadioButtonSelectionAndRangeValues: {
    Editor: OptionGroupAndRangeValues,
    initial: () => ({ optionGroup: null, ...rangeValuesStart() }),
    isValid: optionGroupValid,
  },
  // 001 §2: a RangeValues template exists without a create button; existing points still edit here.
  RangeValues: { Editor: RangeValuesEditor, initial: rangeValuesStart },
  MultipleChoices: { Editor: MultipleChoicesEditor, initial: () => ({ multipleChoices: [newChoiceList([])] }) },
  MultipleChoicesAndRangeValues: {
    Editor: ChoicesAndRangeValues,
    initial: () => ({ multipleChoices: [newChoiceList([])], ...rangeValuesStart() }),
  },
  Dropdown: { Editor: DropdownEditor, initial: () => ({ dropdowns: [newDropdown([])] }) },
};

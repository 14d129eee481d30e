/** Texts of the equipment screens; those quoted in spec 002 §2 appear word for word. */
export const EQUIPMENT_TEXT = {
  manageProductModels: 'Manage product models',
  deleteQuestion: 'Do you really want to delete the equipment?',
  loading: 'Loading equipment details...',
  deleteTitle: 'Delete equipment?',
  inspections: (n: number) =>
    n === 1 ? '1 inspection has been conducted on the equipment.' : `${n} inspections have been conducted on the equipment.`,
};

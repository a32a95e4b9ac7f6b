/**
 * What the meal builder says of a change to its foods (issue 18), apart from `JournalMessages`: the builder's state is
 * on the dashboard's first screen (its floating button, 'add to builder'), the journal's other strings only in its forms.
 */
export const MealBuilderMessages = {
  addedToMeal: 'Added to meal',
  builderUpdated: 'Updated',
  builderRemoved: 'Removed',
  builderCleared: 'Cleared',
} as const;

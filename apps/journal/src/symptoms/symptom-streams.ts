export const symptomStream = (symptomId: number) => `symptom-${symptomId}`;

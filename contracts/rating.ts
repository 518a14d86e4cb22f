/**
 * The customers' rating scale, the same everywhere: the question the server sends, the
 * answers it records, the settings' description and the dashboard's stars (the spec's
 * 1 unsatisfied, 2 satisfied, 3 very satisfied; 0: no rating yet).
 */
export const RATING_MAX = 3;

/* Calls a function that no library defines. */
int grk_test_missing_function(void);

int uses_missing(void) { return grk_test_missing_function(); }

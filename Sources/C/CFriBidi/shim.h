// GNU FriBidi (Debian libfribidi-dev): the Unicode bidirectional algorithm and Arabic shaping,
// for lines drawn in visual order. The paragraph directions are macros built from masks,
// which Swift does not import: given here as functions.
#include <fribidi.h>

static inline FriBidiParType koalio_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType koalio_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }

#include "report/sarif_merge.h"

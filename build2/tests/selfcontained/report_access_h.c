#include "report/access.h"

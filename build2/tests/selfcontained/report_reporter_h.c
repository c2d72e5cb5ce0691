#include "report/reporter.h"

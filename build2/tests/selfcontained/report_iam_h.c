#include "report/iam.h"

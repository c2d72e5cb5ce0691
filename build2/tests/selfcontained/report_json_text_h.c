#include "report/json_text.h"

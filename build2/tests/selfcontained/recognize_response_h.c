#include "recognize/response.h"

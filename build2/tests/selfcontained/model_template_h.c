#include "model/template.h"

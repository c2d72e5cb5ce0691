#include "recognize/recognizer.h"

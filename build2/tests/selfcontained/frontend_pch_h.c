#include "frontend/pch.h"

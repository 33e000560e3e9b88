"""The rules of For Glory, one module per phase or mechanic, acting on a Battle's ECS world."""

//! Plot builders generic over plotters' DrawingBackend.

import { useNavigate } from 'react-router';

/** History back, or home when this page was the first one opened (nothing to go back to). */
export function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
}
